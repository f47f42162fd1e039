export function selfSignedCertificate(directory: string): { cert: string; key: string };
