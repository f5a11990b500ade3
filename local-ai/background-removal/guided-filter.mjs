// Part of Memeforge's background-removal program, AGPL-3.0-only (see LICENSE).
//
// The guided filter (He, Sun and Tang, "Guided Image Filtering", 2010/2013): a matte computed on a small copy and
// enlarged is smooth where the photo has a sharp edge; filtering it with the full-size photo as the guide makes the
// matte locally a linear function of the photo's brightness, so its edges move onto the photo's edges. Pure and
// linear in the number of pixels (box sums by running totals), so a 12 MP photo costs well under a second.

/** Mean over a (2r+1)² box, clipped at the borders, of a width×height plane. */
export function boxMean(src, width, height, r) {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x];
    for (let x = 0; x < width; x++) {
      const lo = x - r - 1;
      const hi = x + r;
      if (x > 0) {
        if (hi < width) sum += src[row + hi];
        if (lo >= 0) sum -= src[row + lo];
      }
      tmp[row + x] = sum / (Math.min(width - 1, hi) - Math.max(0, x - r) + 1);
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(r, height - 1); y++) sum += tmp[y * width + x];
    for (let y = 0; y < height; y++) {
      const lo = y - r - 1;
      const hi = y + r;
      if (y > 0) {
        if (hi < height) sum += tmp[hi * width + x];
        if (lo >= 0) sum -= tmp[lo * width + x];
      }
      out[y * width + x] = sum / (Math.min(height - 1, hi) - Math.max(0, y - r) + 1);
    }
  }
  return out;
}

/**
 * Filters `input` (0–1) guided by `guide` (0–1), both width×height planes; `radius` in pixels, `eps` the
 * regularisation (larger keeps more of the input's own smoothness). Answers a new plane clamped to 0–1.
 */
export function guidedFilter(guide, input, width, height, radius, eps) {
  const n = guide.length;
  const ii = new Float32Array(n);
  const ip = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    ii[i] = guide[i] * guide[i];
    ip[i] = guide[i] * input[i];
  }
  const meanI = boxMean(guide, width, height, radius);
  const meanP = boxMean(input, width, height, radius);
  const corrI = boxMean(ii, width, height, radius);
  const corrIp = boxMean(ip, width, height, radius);
  const a = ii; // reused: the buffers above are no longer needed once their means exist
  const b = ip;
  for (let i = 0; i < n; i++) {
    const varI = corrI[i] - meanI[i] * meanI[i];
    const covIp = corrIp[i] - meanI[i] * meanP[i];
    a[i] = covIp / (varI + eps);
    b[i] = meanP[i] - a[i] * meanI[i];
  }
  const meanA = boxMean(a, width, height, radius);
  const meanB = boxMean(b, width, height, radius);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.min(1, Math.max(0, meanA[i] * guide[i] + meanB[i]));
  return out;
}
