// jest-dom's matchers on Vitest's expect (toBeInTheDocument, toHaveTextContent…), so that a test asserts what it means.
import '@testing-library/jest-dom/vitest';
