import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS, starterHtml } from './starters';
import { POPUP_DURATIONS, POPUP_FREQUENCIES } from './messages';

test('a new page starts in its layout: a pop-up with its offer, a landing page with a hero and its sections', () => {
  expect(starterHtml('PP', 'singleColumn')).toContain('Special offer');
  const single = starterHtml('LP', 'singleColumn');
  const two = starterHtml('LP', 'twoColumn');
  expect(single).toContain('<h1>Your headline</h1>');
  expect(single.match(/lp-section/g)).toHaveLength(2);
  expect(two.match(/lp-section/g)).toHaveLength(3);
});

test("the pop-up's defaults are among spec 9's choices and one trigger is on", () => {
  expect(POPUP_FREQUENCIES).toContain(DEFAULT_SETTINGS.popup.frequency);
  expect(POPUP_DURATIONS).toContain(DEFAULT_SETTINGS.popup.duration);
  expect(DEFAULT_SETTINGS.popup.button).toBe(true);
});
