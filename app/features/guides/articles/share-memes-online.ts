import { SHARE_FREE_DAYS } from '../../../../core/api/share-links';
import type { GuideArticle } from '../article';

export const shareMemesOnline: GuideArticle = {
  intro:
    'The quickest way to share a meme is a link: one click in the editor, and anyone you send it to sees your meme, with a preview card in chat apps. When you post the file itself, a meme that looks great on your screen can be cropped, blurred or shrunk; a few minutes of care keep it sharp everywhere.',
  sections: [
    {
      heading: 'Share it by link',
      steps: [
        'In the editor, press Download Meme, choose the format, then Share a link below the buttons. It says what it does before anything is sent.',
        'Your link appears in the dialog (it looks like /m/k3v9q2m7x8ab). Press Copy link and paste it into a chat, a post or an e-mail.',
        'Whoever opens it sees the meme with Copy link, Download, and buttons to post it on X, Reddit, WhatsApp or Facebook or send it by e-mail, plus Make your own on the same template.',
      ],
      tips: [
        `A link works for ${SHARE_FREE_DAYS} days; a Premium member's is kept until deleted. The page says until when.`,
        'The picture is shared without its hidden metadata (camera, location), and an animated meme is shared as a GIF or WebP.',
        'Changed your mind? Open the link in the browser you shared it from and press Delete: it stops working for everyone. Your links are listed under Your share links on the dashboard, no code needed.',
        "Clearing this site's data in your browser forgets the links, and with them the way to delete them, so delete first if you want to.",
      ],
    },
    {
      heading: 'Pick the right shape',
      tips: [
        'Square (1:1) is safe on almost every network and in chat apps.',
        'Portrait (4:5) takes up more of the feed on Instagram and Facebook.',
        'Landscape (16:9) suits X/Twitter cards, YouTube community posts and Discord embeds.',
        'Stories and Reels are 9:16: leave space at the top and bottom, where the app draws its own buttons.',
      ],
      paragraphs: [
        'Tools › Modify › Resize has quick presets for the common social sizes, so you can make a copy in the right shape after downloading.',
      ],
    },
    {
      heading: 'Keep it sharp',
      paragraphs: [
        'Networks recompress what you upload. Download PNG for text-heavy memes so the letters stay crisp, and JPG for photo memes. If a network says the file is too large, run it through Tools › Optimize › Compress first.',
      ],
    },
    {
      heading: 'Share responsibly',
      steps: [
        'Blur faces of people who did not agree to be in your meme: Tools › Security › Blur faces does it automatically.',
        'Strip hidden metadata such as GPS location from photos with Tools › Security before you post them.',
        "Credit the original creator when you remix someone else's picture, and do not post anything hateful or illegal.",
      ],
    },
  ],
};
