/** The service's answers match the Worker's `Box` (workers/api/src/ai/provider.ts): pixels of the input image. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}
