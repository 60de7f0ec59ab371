/**
 * The environment of the journeys' shop: production mode (the built storefront) with secrets of
 * its own, since production refuses the development keys (issue 13), and the payment sandbox on
 * (the card-payment journeys use it).
 */
export const E2E_ENV = {
  NODE_ENV: 'production',
  PGLITE_DATA_DIR: 'memory://',
  API_KEY: 'e2e-api-key-not-the-development-default',
  AUTH_JWT_SECRET: 'e2e-jwt-secret-0123456789abcdefghijklmnop',
  PAYMENT_SANDBOX: 'true',
  PAYMENT_SANDBOX_SECRET: 'e2e-sandbox-secret-0123456789abcdefghijk',
  // No JSON request lines in the test output (issue 15).
  LOG_LEVEL: 'silent',
  // The back-in-stock journey waits for one restock scan (issue 17).
  RESTOCK_SCAN_INTERVAL_SECONDS: '3',
  // The back-office journey logs in as the first administrator (issue 26, admin.e2e.ts).
  ADMIN_EMAIL: 'admin@trampa.example',
  ADMIN_PASSWORD: 'e2e-admin-password-0123',
} as const;
