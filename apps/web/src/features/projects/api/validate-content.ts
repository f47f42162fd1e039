import { apiRequest } from '../../../lib/api-client.ts';

export interface ContentCheck {
  is_valid: boolean;
  severity: 'none' | 'mild' | 'moderate' | 'severe';
  message: string;
  cleaned_content: string;
}

const CONTENT_CHECK_PATH = '/api/content/validate';

/** Checks free text before it is sent; when the check itself fails the text counts as valid (the server moderates again). */
export async function validateContent(content: string, contentType: string): Promise<ContentCheck> {
  try {
    return await apiRequest<ContentCheck>(CONTENT_CHECK_PATH, { body: { content, content_type: contentType } });
  } catch {
    return { is_valid: true, severity: 'none', message: '', cleaned_content: content };
  }
}
