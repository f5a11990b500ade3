import { MAX_UPLOAD_BYTES } from '../../../core/limits';

/** A problem with a chosen file, worded as the spec's toast (title and description). */
export interface FileProblem {
  title: string;
  description: string;
}

export const INVALID_TYPE: FileProblem = {
  title: 'Invalid file type',
  description: 'Please upload an image file (JPG, PNG, WEBP)',
};

export const TOO_LARGE: FileProblem = {
  title: 'File too large',
  description: 'Please upload an image smaller than 10MB.',
};

export const UPLOAD_SUCCESS = {
  title: 'Success!',
  description: 'Image uploaded successfully. Redirecting to editor...',
};

export const UPLOAD_FAILED_TITLE = 'Upload failed';
export const UPLOAD_FAILED_FALLBACK = 'Please try again with a different image.';

/**
 * The client-side checks of spec part 1 §5, run before anything is sent. They are advisory: the API checks the
 * bytes again and answers 413/415 on its own.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!file.type.startsWith('image/')) return INVALID_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

/** Only the first file counts, whether dropped, picked or pasted. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | null {
  if (!files || files.length === 0) return null;
  return files[0] ?? null;
}

/** Where the editor opens an uploaded image. */
export const editorUrlForImage = (imageUrl: string) => `/meme-generator?image=${encodeURIComponent(imageUrl)}`;
