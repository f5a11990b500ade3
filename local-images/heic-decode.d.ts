// heic-decode ships no types: the one call local-images makes (server.ts).
declare module 'heic-decode' {
  function decode(input: {
    buffer: ArrayBufferLike | Uint8Array;
  }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
