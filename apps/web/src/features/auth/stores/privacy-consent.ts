import { STORAGE_KEYS } from '@lingxi/shared/rules';

/** Once a person has agreed and signed in on this device, the box starts ticked (spec §2 login). */
export function hasAcceptedPrivacy(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.privacyShown) === 'true';
  } catch {
    return false;
  }
}

export function rememberPrivacyAccepted(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.privacyShown, 'true');
  } catch {
    // Not remembering only costs one extra tick next time.
  }
}
