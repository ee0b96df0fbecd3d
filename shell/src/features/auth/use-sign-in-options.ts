import type { SignInOptions } from '@trackboard/contracts';
import { useEffect, useState } from 'react';
import { authApi } from './auth-api';

/**
 * How people sign in here, asked as a sign-in, registration or password page opens (one small
 * call; no cache library in the sign-in page's bundle for it). Undefined while it loads or when it
 * could not be had: the pages then offer passwords as they always did, and the server still
 * refuses them if they are off.
 */
export function useSignInOptions(): SignInOptions | undefined {
  const [options, setOptions] = useState<SignInOptions>();
  useEffect(() => {
    let current = true;
    authApi.signInOptions().then(
      (answer) => current && setOptions(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}

/** Whether the password forms are offered: unless the server said passwords are off. */
export function passwordsOn(options: SignInOptions | undefined): boolean {
  return options?.passwords !== false;
}
