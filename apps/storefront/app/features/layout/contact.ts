/**
 * The customer-service contact shown in the footer. Placeholder values until the shop's real
 * contact details arrive as configuration or content.
 */
export const contact = {
  phoneDisplay: '010-123 45 67',
  phoneHref: 'tel:+46101234567',
  email: 'kundtjanst@trampa.example',
} as const;
