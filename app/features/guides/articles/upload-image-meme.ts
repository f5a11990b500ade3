import { UPLOAD_ADVICE, type GuideArticle } from '../article';

export const uploadImageMeme: GuideArticle = {
  intro:
    'Any picture on your phone or computer can become a meme. Memeforge takes your image, keeps it private, and opens it in the editor ready for captions.',
  sections: [
    {
      heading: 'What you can upload',
      paragraphs: [
        UPLOAD_ADVICE,
        'Screenshots, phone photos and images saved from chats all work. HEIC photos from iPhones need to be shared as JPG first (most phones do this automatically when you share).',
      ],
    },
    {
      heading: 'Three ways to upload',
      steps: [
        'On the home page, click the upload box and choose a file.',
        'Or drag a file from your desktop and drop it on the upload box. If you drop several, only the first one is used.',
        'Or copy an image (for example with a screenshot tool) and paste it anywhere on the home page with Ctrl+V or ⌘V.',
      ],
    },
    {
      heading: 'What happens next',
      paragraphs: [
        'While the file uploads, the box shows "Uploading..." and ignores other files. When it finishes you will see "Image uploaded successfully" and the editor opens with your picture a second later.',
      ],
    },
    {
      heading: 'Already in the editor?',
      paragraphs: [
        "Use the Upload button in the editor's second bar. The picture is scaled to fit the canvas (never enlarged), locked in place and sent to the back so your captions always sit on top.",
      ],
    },
    {
      heading: 'If the upload fails',
      tips: [
        '"Invalid file type" means the file is not an image: check it is one of the formats above.',
        '"File too large" means it is over 10MB: export a smaller copy or run it through Tools › Optimize to compress it first.',
        'Uploaded images are deleted automatically after a short time, so keep your original.',
      ],
    },
  ],
};
