// Values the gateway is configured with (APP_NAME, APP_PROVIDER, SUPPORT_EMAIL; ARCHITECTURE §8).
// The web app does not read them from the gateway yet: these are the gateway's defaults, kept
// in this one place so that serving them later changes nothing but this file.

/** The product's name as shown to users: "{name} by {provider}" (spec §1). */
export const appBrand = { name: 'Trackboard', provider: 'Trackboard' } as const;

export const appTitle = `${appBrand.name} by ${appBrand.provider}`;

/** The support contact shown to accounts awaiting approval (spec §2.4, §9: an admin mailbox). */
export const supportEmail = 'admin@trackboard.local';
