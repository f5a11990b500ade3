/** The image-header reader lives in core/ so the browser checks a file with the same code before sending it. */
export * from '../../../../../core/images/sniff';
