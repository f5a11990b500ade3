import type { GuideArticle } from '../article';

export const memeTextEditing: GuideArticle = {
  intro:
    'A meme lives or dies by whether its text can be read in a second. These are the text controls in the Meme Generator and how to use them well.',
  sections: [
    {
      heading: 'Add a caption',
      steps: [
        'Type your caption into the text box ("Enter your text here...") in the Text panel. Line breaks are kept.',
        'Pick the font, size, colours and outline width in the panel before you add it, or change them afterwards.',
        'Press Add Text Layer. The first caption goes above the picture, the second below it, and later ones near the top inside it.',
      ],
    },
    {
      heading: 'Change an existing caption',
      paragraphs: [
        "Click the caption on the canvas. The text box and every style control now show that caption's values, and whatever you change applies to it straight away. Double-click a caption to put the cursor in its text. Click an empty part of the canvas to deselect; the style controls are greyed out while no text is selected.",
      ],
    },
    {
      heading: 'The controls',
      tips: [
        'Font: Impact is the classic meme look; Arial and Helvetica are cleaner, Comic Sans MS is deliberately silly, Times New Roman suits fake headlines.',
        'Size: the side-panel slider goes from 12 to 72; the toolbar box accepts 8 to 400 for huge single words.',
        'Colour and outline: white text with a black outline (width 2 to 4) reads on any background. Outline width goes from 0 to 10.',
        'Style and alignment: bold, italic, underline, and left, centre or right alignment from the top toolbar.',
      ],
    },
    {
      heading: 'Rules of thumb',
      paragraphs: [
        'Keep captions short: under about 8 words per line. Use capitals for shouting and lower case for deadpan. Leave a little space between text and the edge so nothing is cut off when a social network crops your image.',
      ],
    },
  ],
};
