import { UPLOAD_ADVICE, type GuideArticle } from '../article';

export const createCustomMeme: GuideArticle = {
  intro:
    'Templates are quick, but the memes people remember are often built from scratch: a picture only your friends will recognise, a caption layout nobody has used. Here is how to build one in the Meme Generator.',
  sections: [
    {
      heading: '1. Choose the base',
      paragraphs: [
        'Open the Meme Generator. Upload a photo of your own, or describe a scene in the AI tab (for example "a cat in a business suit presenting a chart") and use the generated image. Prefer a picture with some calm space at the top or bottom: that is where your text will go.',
      ],
      tips: [UPLOAD_ADVICE],
    },
    {
      heading: '2. Plan the joke before the styling',
      paragraphs: [
        'Most memes are a setup and a punchline. Write the setup as the top caption and the punchline as the bottom one. Keep each to one short line: people read memes in a second or two while scrolling.',
      ],
    },
    {
      heading: '3. Build the layout',
      steps: [
        'Add the first caption with Add Text Layer; it goes above the image. Add the second; it goes below.',
        'Drag captions where you want them and resize them with the corner handles.',
        'Add a thought bubble from the shapes toolbar when a character should say or think something.',
        'Change the background colour if you want a border, which suits "demotivational poster" layouts.',
      ],
    },
    {
      heading: '4. Make it readable',
      paragraphs: [
        'Classic meme text is white with a black outline, so it reads on any picture. If your image is very light, try black text with no outline. Avoid more than two fonts in one meme.',
      ],
    },
    {
      heading: '5. Crop and download',
      paragraphs: [
        'Auto Crop trims the canvas to your content, then Download Meme saves it with no watermark, at a share size every network accepts or at its original size.',
      ],
    },
  ],
};
