import { toast as sonner } from 'sonner';

/** The spec's toasts: a title and an optional description, one at a time (see <Toaster> in root.tsx). */
export const toast = {
  success: (title: string, description?: string) => sonner.success(title, { description }),
  error: (title: string, description?: string) => sonner.error(title, { description }),
  info: (title: string, description?: string) => sonner(title, { description }),
};
