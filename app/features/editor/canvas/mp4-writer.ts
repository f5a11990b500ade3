import type * as Muxing from './mp4-mux';

/**
 * MP4 video of the meme's frames: the browser's own WebCodecs VideoEncoder (hardware or its built-in software
 * encoder, off the main thread) writes H.264, and Mediabunny (pinned; the maintained successor of mp4-muxer, ADR 0150)
 * lays the chunks into an MP4 with its index at the front. Where the browser has no VideoEncoder, or no H.264 encoder at this size, `mp4Support` answers
 * null and the dialog leaves MP4 out rather than offer a file it cannot make (docs/decisions/0138-animated-meme-export.md).
 */

/** H.264 Main profile, level 4.0: up to 1920 × 1080, which the editor's largest animated export stays within. */
const CODEC = 'avc1.4d0028';

export interface Mp4Config {
  codec: string;
  width: number;
  height: number;
  bitrate: number;
}

/** Bits per second for a meme of `width` × `height`: ~0.12 bit per pixel per frame at 15 fps, 300 kbit/s at least. */
export const mp4Bitrate = (width: number, height: number) => Math.max(300_000, Math.round(width * height * 15 * 0.12));

/** The encoder configuration this browser takes for `width` × `height`, or null when it cannot write MP4 here. */
export async function mp4Support(width: number, height: number): Promise<Mp4Config | null> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') return null;
  const config: Mp4Config = { codec: CODEC, width, height, bitrate: mp4Bitrate(width, height) };
  try {
    const { supported } = await VideoEncoder.isConfigSupported({ ...config, avc: { format: 'avc' } });
    return supported ? config : null;
  } catch {
    return null;
  }
}

/** A writer for `config`; the muxer's code (about 23 KB gzipped) is fetched only when an MP4 is made. */
export async function openMp4Writer(config: Mp4Config): Promise<Mp4Writer> {
  return new Mp4Writer(config, await import('./mp4-mux'));
}

/**
 * Writes frames as they come (`add` with a canvas and its delay) and answers the file at `finish`. Timestamps
 * follow the delays, so a frame shown 80 ms lasts 80 ms in the video; a key frame every 2 s keeps seeking quick.
 */
export class Mp4Writer {
  private readonly output;
  private readonly track;
  private readonly encoder: VideoEncoder;
  /** The muxer's start, then each chunk handed to it in the order the encoder gave them. */
  private writing: Promise<void>;
  private failure: unknown = null;
  private at = 0;
  private lastKey = -Infinity;

  constructor(
    config: Mp4Config,
    { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output }: typeof Muxing,
  ) {
    this.output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
    this.track = new EncodedVideoPacketSource('avc');
    this.output.addVideoTrack(this.track);
    this.writing = this.output.start();
    this.encoder = new VideoEncoder({
      output: (chunk, meta) => {
        this.writing = this.writing
          .then(() => this.track.add(EncodedPacket.fromEncodedChunk(chunk), meta))
          .catch((e: unknown) => {
            this.failure ??= e;
          });
      },
      error: (e) => {
        this.failure = e;
      },
    });
    this.encoder.configure({ ...config, avc: { format: 'avc' } });
  }

  /** Encodes one frame; resolves once the encoder's queue is short, so frames never pile up in memory. */
  async add(source: CanvasImageSource, delayMs: number): Promise<void> {
    if (this.failure) throw this.failure;
    const duration = Math.round(delayMs * 1000);
    const frame = new VideoFrame(source, { timestamp: this.at, duration });
    const keyFrame = this.at - this.lastKey >= 2_000_000;
    if (keyFrame) this.lastKey = this.at;
    this.encoder.encode(frame, { keyFrame });
    frame.close();
    this.at += duration;
    while (this.encoder.encodeQueueSize > 4) await new Promise((r) => setTimeout(r, 5));
  }

  async finish(): Promise<Uint8Array> {
    await this.encoder.flush();
    await this.writing;
    if (this.failure) throw this.failure;
    this.encoder.close();
    await this.output.finalize();
    return new Uint8Array(this.output.target.buffer!);
  }

  /** Stops encoding without a file (Cancel). */
  abort(): void {
    if (this.encoder.state !== 'closed') this.encoder.close();
    void this.output.cancel().catch(() => undefined);
  }
}
