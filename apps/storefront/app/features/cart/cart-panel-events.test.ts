/** When the header's cart button opens the panel and when it follows its link (cart-panel-events.ts). */
import { describe, expect, it } from 'vitest';
import { isCartPagePath, isModifiedClick } from './cart-panel-events';

describe('cart panel events', () => {
  it('knows the cart page with or without a market or locale prefix', () => {
    for (const path of ['/varukorg', '/varukorg/', '/no/nb/varukorg', '/en/varukorg']) {
      expect(isCartPagePath(path), path).toBe(true);
    }
    for (const path of ['/', '/kassan', '/varukorg/antal', '/p/hjalmar/varukorgen', '/xvarukorg']) {
      expect(isCartPagePath(path), path).toBe(false);
    }
  });

  it('lets modified and non-primary clicks follow the link', () => {
    const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isModifiedClick(plain)).toBe(false);
    expect(isModifiedClick({ ...plain, button: 1 })).toBe(true);
    expect(isModifiedClick({ ...plain, metaKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, ctrlKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, shiftKey: true })).toBe(true);
    expect(isModifiedClick({ ...plain, altKey: true })).toBe(true);
  });
});
