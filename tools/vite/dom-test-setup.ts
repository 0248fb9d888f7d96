/**
 * Set-up of every test run in jsdom (libraries and the dashboard), added by
 * the shared Vite config so no project keeps a copy: jest-dom's matchers,
 * Testing Library's cleanup after each test, and a 5 s wait for `findBy*`
 * and `waitFor` (the 1 s default fails on a busy 2-core machine while the
 * code under test is fine).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);
