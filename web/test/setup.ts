// jest-dom matchers (toBeInTheDocument, toHaveAttribute, ...) for the jsdom tests of web/src.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest does not run Testing Library's automatic cleanup unless globals are enabled.
afterEach(() => {
  cleanup();
});
