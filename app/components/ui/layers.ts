/**
 * The page's stacking order, bottom to top, in one place: the editor's full-screen overlay, the toasts, then a modal
 * dialog's backdrop and its content. Toasts sit above the editor but below any open dialog, so a toast never covers
 * a dialog's title or choices (the export dialog's "Choose Export Format" was hidden under "Shape Added!").
 * Tailwind reads class names from source, so the dialogs' layers are whole class names.
 */
export const EDITOR_LAYER = 'z-50';
export const TOAST_Z_INDEX = 55;
export const DIALOG_OVERLAY_LAYER = 'z-[60]';
export const DIALOG_CONTENT_LAYER = 'z-[61]';
