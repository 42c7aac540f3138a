/**
 * The key every test host encrypts datasource passwords with: one key, so a host in the test's
 * process and hosts in processes of their own read each other's datasources.
 */
export const TEST_ENCRYPTION_KEY = 'test-encryption-key-0123456789abcdef';
