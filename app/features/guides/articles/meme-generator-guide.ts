import { UPLOAD_ADVICE, type GuideArticle } from '../article';

export const memeGeneratorGuide: GuideArticle = {
  intro:
    'The Meme Generator is where every meme on Memeforge is made. It opens straight away, with no account and no watermark on what you download. This tour walks through each part of the screen so you know where everything is.',
  sections: [
    {
      heading: 'Start with a picture',
      paragraphs: ['Every meme needs a background. You have three ways to get one:'],
      steps: [
        'Pick a template: click any popular template on the home page, or browse the Templates tab in the editor and search by name or keyword.',
        'Upload your own image with the Upload button in the second bar, or drop it on the home page.',
        'Generate one with AI: open the AI ✨ tab, describe the picture you want and press Generate Image, then Use in Editor.',
      ],
      tips: [UPLOAD_ADVICE],
    },
    {
      heading: 'Add and style text',
      steps: [
        'Type in the text box of the Text panel and press Add Text Layer. The first caption lands above the picture, the next one below it.',
        'Click a caption on the canvas to select it: the text box and style controls fill with its values so you can change them.',
        'Use the top toolbar for font, size, bold, italic, underline, alignment, colour and outline. Double-click a caption to jump to its text.',
      ],
    },
    {
      heading: 'Shapes, layers and background',
      paragraphs: [
        'The second toolbar adds a thought bubble, a Boom explosion, a star and a heart, each with editable text, in the shape colour you pick. The Layers list on the right shows everything on the canvas: hide a layer with its eye toggle or remove it. The background swatch changes the colour around your picture.',
      ],
    },
    {
      heading: 'Finish and download',
      steps: [
        'Press Auto Crop to trim empty space around your meme, right to the edge of your content.',
        'Press Download Meme and choose a format and a size: the share size suits every social network, the original size keeps every pixel of your picture.',
      ],
      tips: ['Made a mistake? Undo keeps your last 30 steps.'],
    },
  ],
};
