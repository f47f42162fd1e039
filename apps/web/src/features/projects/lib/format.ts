/** 'in_progress' → 'In progress': the status capitalised with underscores as spaces. */
export function humanizeStatus(status: string): string {
  const text = status.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A job counts as featured only while `featured_until` lies ahead. */
export function isFeaturedNow(job: { is_featured: boolean; featured_until: string | null }, now = Date.now()): boolean {
  if (!job.is_featured) return false;
  return job.featured_until === null || Date.parse(job.featured_until) > now;
}
