import { describe, expect, it } from 'vitest';
import {
  cardFrameAttributes,
  cardKindOf,
  cellSpan,
  EMBED_FRAME_ORIGINS,
  embedOf,
  isCalloutEmoji,
} from './post-cards.ts';

describe('embedOf', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'http://m.youtube.com/shorts/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://x.com/jack/status/20', 'x', 'https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true'],
    [
      'https://twitter.com/jack/status/20',
      'x',
      'https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true',
    ],
    [
      'https://open.spotify.com/intl-pl/track/4uLU6hMCjMI75M1A2tKUQC',
      'spotify',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    ],
    [
      'https://soundcloud.com/artist/track-name',
      'soundcloud',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartist%2Ftrack-name&visual=true',
    ],
    [
      'https://codepen.io/someone/pen/abcDEF',
      'codepen',
      'https://codepen.io/someone/embed/preview/abcDEF?default-tab=result',
    ],
  ])('%s is a %s embed', (address, provider, frameSrc) => {
    expect(embedOf(address)).toMatchObject({ provider, frameSrc });
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload=x',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://user:pw@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://x.com/jack',
    'ftp://vimeo.com/1',
    'nie adres',
  ])('%s is no embed', (address) => {
    expect(embedOf(address)).toBeNull();
  });

  it('lets frames come only from the players', () => {
    expect(EMBED_FRAME_ORIGINS).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://platform.twitter.com',
      'https://open.spotify.com',
      'https://w.soundcloud.com',
      'https://codepen.io',
    ]);
  });
});

describe('card frames', () => {
  it('knows a card by exactly one class', () => {
    expect(cardKindOf('gallery-card')).toBe('gallery');
    expect(cardKindOf('gallery-card other')).toBeNull();
    expect(cardKindOf(undefined)).toBeNull();
  });

  it('keeps each card its own attributes, checked', () => {
    expect(cardFrameAttributes({ class: 'embed-card', 'data-provider': 'vimeo', onclick: 'x' })).toEqual({
      class: 'embed-card',
      'data-provider': 'vimeo',
    });
    expect(cardFrameAttributes({ class: 'embed-card', 'data-provider': 'evil' })).toBeNull();
    expect(
      cardFrameAttributes({ class: 'callout-card', 'data-callout': 'warning', 'data-emoji': '⚠️' }),
    ).toEqual({
      class: 'callout-card',
      'data-callout': 'warning',
      'data-emoji': '⚠️',
    });
    expect(cardFrameAttributes({ class: 'callout-card', 'data-callout': 'x', 'data-emoji': '<b>' })).toEqual({
      class: 'callout-card',
      'data-callout': 'info',
    });
    expect(cardFrameAttributes({ class: 'button-card', 'data-provider': 'youtube' })).toEqual({
      class: 'button-card',
    });
    expect(cardFrameAttributes({ class: 'note' })).toBeNull();
  });

  it('takes one emoji as a callout icon', () => {
    expect(['💡', '⚠️', '👩‍💻', '🇵🇱', '👍🏽'].every(isCalloutEmoji)).toBe(true);
    expect(['', 'a', '💡 tekst', '<', '💡💡💡💡💡💡💡💡💡'].some(isCalloutEmoji)).toBe(false);
  });

  it('keeps a cell span 2..50', () => {
    expect([
      cellSpan('2'),
      cellSpan(' 50 '),
      cellSpan('1'),
      cellSpan('51'),
      cellSpan('2px'),
      cellSpan(undefined),
    ]).toEqual(['2', '50', undefined, undefined, undefined, undefined]);
  });
});
