import { useEffect, useState } from 'react';
import { SIGNED_OUT_NOTICE_KEY } from './auth-navigation.ts';

/**
 * Why: sign-out lands on `/`, which looks the same to a visitor; the page says "You are signed
 * out" once, right after a sign-out in this tab (a reload or a later visit does not).
 */
export function useSignedOutNotice(): boolean {
  const [shown] = useState(() => {
    try {
      return window.sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    } catch {
      // Storage blocked: there was no notice to forget.
    }
  }, []);
  return shown;
}
