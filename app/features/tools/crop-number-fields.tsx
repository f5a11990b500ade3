import { useEffect, useId, useRef, useState } from 'react';
import { commitField, CROP_FIELD_LABELS, readField, readPixels, type CropField } from './crop-fields';
import type { Box, Size } from './crop-math';
import { fieldLabel, input } from './styles';

const FIELDS = ['x', 'y', 'width', 'height'] as const;

/**
 * Left, Top, width and height as typed text until committed (crop-fields.ts says why). A box changed elsewhere (a drag,
 * a ratio, a new photo) drops what was being typed, so the fields never show numbers the box no longer has.
 */
export function CropNumberFields({
  box,
  img,
  ratio,
  onChange,
}: {
  box: Box;
  img: Size;
  ratio: number | null;
  onChange: (b: Box) => void;
}) {
  const [drafts, setDrafts] = useState<Partial<Record<CropField, string>>>({});
  const sent = useRef<Box | null>(null);
  const id = useId();
  useEffect(() => {
    if (box !== sent.current) setDrafts((d) => (Object.keys(d).length ? {} : d));
  }, [box]);

  const send = (b: Box) => {
    sent.current = b;
    onChange(b);
  };
  const type = (k: CropField, text: string) => {
    setDrafts((d) => ({ ...d, [k]: text }));
    const reading = readField(box, k, text, img, ratio);
    if (reading.live) send(reading.live);
  };
  const commit = (k: CropField) => {
    const text = drafts[k];
    if (text === undefined) return;
    setDrafts(({ [k]: _, ...rest }) => rest);
    const value = readPixels(text);
    if (value !== null) send(commitField(box, k, value, img, ratio));
  };
  const hints = FIELDS.flatMap((k) => {
    const text = drafts[k];
    const hint = text === undefined ? null : readField(box, k, text, img, ratio).hint;
    return hint ? [{ k, hint }] : [];
  });

  return (
    <div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIELDS.map((k) => (
          <label key={k} className={fieldLabel}>
            {CROP_FIELD_LABELS[k]}
            <input
              type="number"
              inputMode="numeric"
              min={0}
              value={drafts[k] ?? box[k]}
              onChange={(e) => type(k, e.target.value)}
              onBlur={() => commit(k)}
              onKeyDown={(e) => e.key === 'Enter' && commit(k)}
              aria-describedby={hints.some((h) => h.k === k) ? `${id}-${k}` : undefined}
              className={input}
              disabled={k === 'height' && ratio !== null}
            />
          </label>
        ))}
      </div>
      <div aria-live="polite">
        {hints.map(({ k, hint }) => (
          <p
            key={k}
            id={`${id}-${k}`}
            data-testid="crop-field-hint"
            className="mt-2 text-sm text-amber-800 dark:text-amber-300"
          >
            {hint}
          </p>
        ))}
      </div>
    </div>
  );
}
