import { useEffect, useState } from 'react';
import type { Template } from '../../../../core/api/templates';
import { api, call, multipart } from '~/lib/api/client';
import { inspectFile, toastRefused } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { PictureSource } from '../model/file-name';

export const REPLACE_QUESTION = 'Replace the picture on the canvas with this image? Your text and shapes stay.';

/**
 * Loads `?template=` (with `?line=` once per box: a meme from a topic, ADR 0173) or `?image=` (with `?name=`, the
 * uploaded file's name) once the canvas exists, and offers template picks, uploads and memes from a topic. Keeps
 * what the picture came from, which names the download.
 */
export function useDocumentLoader(
  editor: MemeCanvas | null,
  params: {
    template: string | null;
    initialTemplate: Template | null;
    lines: readonly string[];
    image: string | null;
    imageName: string | null;
  },
) {
  const [templateId, setTemplateId] = useState<string | null>(params.template);
  const [source, setSource] = useState<PictureSource>({ kind: 'none' });

  const openTemplate = async (t: Template) => {
    if (!editor) return;
    try {
      await editor.loadTemplate(t);
      setTemplateId(t.id);
      setSource({ kind: 'template', name: t.name });
      toast.success('Template loaded!');
    } catch {
      toast.error('Error loading template', 'Failed to load the selected template');
    }
  };

  useEffect(() => {
    if (!editor) return;
    if (params.template) {
      // The route's loader looked the template up with the page; null means it does not exist (or the API failed).
      const t = params.initialTemplate;
      const failed = () => toast.error('Error loading template', 'Failed to load the selected template');
      if (!t) failed();
      else
        editor
          .loadTemplate(t)
          .then(() => {
            setSource({ kind: 'template', name: t.name });
            // A meme chosen on the home page: its lines become the template's captions, editable as any.
            if (params.lines.length > 0) editor.fillCaption([...params.lines]);
            toast.success('Template loaded!');
          })
          .catch(failed);
    } else if (params.image) {
      editor
        .setImage(params.image)
        .then(() => setSource(params.imageName ? { kind: 'upload', name: params.imageName } : { kind: 'none' }))
        .catch(() => toast.error('Failed to load image', 'Please upload the image again.'));
    }
    // Only the first load follows the URL; later picks come from the panels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  const upload = async (file: File) => {
    if (!editor) return;
    const inspected = await inspectFile(file, { everyFrame: true });
    if (!inspected.ok) return toastRefused([inspected]);
    try {
      const form = new FormData();
      form.append('image', file);
      const { imageUrl } = await call(api.POST('/api/upload', { body: multipart(form) }));
      await editor.setImage(imageUrl);
      setSource({ kind: 'upload', name: file.name });
      toast.success('Image uploaded!');
    } catch {
      toast.error('Upload failed', 'Failed to upload your image');
    }
  };

  const useAiImage = async (url: string) => {
    if (!editor) return;
    if (editor.hasImage() && !window.confirm(REPLACE_QUESTION)) return;
    try {
      await editor.setImage(url);
      setSource({ kind: 'ai' });
      toast.success('Image Added to Editor! ✨');
    } catch {
      toast.error('Failed to load AI image', 'Please try generating the image again');
    }
  };

  /** "Use this" on a meme from a topic: its template, with its lines as the captions. */
  const openTopicMeme = async (id: string, lines: string[]) => {
    if (!editor) return;
    try {
      const { template: t } = await call(api.GET('/api/templates/{id}', { params: { path: { id } } }));
      await editor.loadTemplate(t);
      editor.fillCaption(lines);
      setTemplateId(t.id);
      setSource({ kind: 'template', name: t.name });
      toast.success('Meme ready to edit', 'Its captions are on the canvas: change any of them.');
    } catch {
      toast.error('Error loading template', 'Failed to load the selected template');
    }
  };

  return { templateId, source, openTemplate, upload, useAiImage, openTopicMeme };
}
