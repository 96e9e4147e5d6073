// Unmounts what each component test rendered (Testing Library cleans up by itself only when
// test functions are globals, which this project does not use).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
