import { z } from 'zod';
import { messages } from './messages.ts';

const count = (value: number | bigint) => Number(value);

/**
 * Zod's own wording ("Invalid input: expected string, received undefined") never reaches a person: a
 * check that does not name the specification's message says it with the catalogue's.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '') return messages.required;
        if (issue.expected === 'int') return messages.validWholeNumber;
        if (issue.expected === 'number' || issue.expected === 'bigint') return messages.validNumber;
        return messages.invalidFormat;
      case 'too_small':
        if (issue.origin === 'string') return messages.minLength(count(issue.minimum));
        if (issue.origin === 'array' || issue.origin === 'set')
          return count(issue.minimum) <= 1 ? messages.required : messages.min(count(issue.minimum));
        return issue.inclusive === false ? messages.invalidFormat : messages.min(count(issue.minimum));
      case 'too_big':
        if (issue.origin === 'string') return messages.maxLength(count(issue.maximum));
        return issue.inclusive === false ? messages.invalidFormat : messages.max(count(issue.maximum));
      case 'invalid_format':
        return issue.format === 'email' ? messages.invalidEmail : messages.invalidFormat;
      default:
        return messages.invalidFormat;
    }
  },
});
