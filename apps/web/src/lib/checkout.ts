/** Goes to a provider's checkout page, telling the built-in gateway's page which language to speak. */
export function goToCheckout(checkoutUrl: string, language: string) {
  const url = new URL(checkoutUrl, window.location.href);
  if (url.origin === window.location.origin) url.searchParams.set('lang', language === 'ar' ? 'ar' : 'en');
  window.location.assign(url.toString());
}
