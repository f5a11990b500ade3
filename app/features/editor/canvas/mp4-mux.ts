/** The parts of Mediabunny the MP4 export uses, in a module of their own so the editor loads them only for an MP4. */
export { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
