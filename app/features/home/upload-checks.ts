export const UPLOAD_SUCCESS = {
  title: 'Success!',
  description: 'Image uploaded successfully. Redirecting to editor...',
};

export const UPLOAD_FAILED_TITLE = 'Upload failed';
export const UPLOAD_FAILED_FALLBACK = 'Please try again with a different image.';

/** Only the first file counts, whether dropped, picked or pasted. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | null {
  if (!files || files.length === 0) return null;
  return files[0] ?? null;
}

/** Where the editor opens an uploaded image. */
export const editorUrlForImage = (imageUrl: string) => `/meme-generator?image=${encodeURIComponent(imageUrl)}`;
