import type { AxiosInstance } from 'axios';

/** What the server says of the signed-in operator (sign-in and `me`): the screens hide what `actions` lack. */
export interface Account {
  email: string;
  role: string;
  roleLabel: string;
  /** The unit slugs they may work on; null: every unit. */
  units: string[] | null;
  actions: string[];
  mustChangePassword: boolean;
}

export interface AccountApi {
  me(): Promise<Account>;
  /** Resolves with the server's msg, the new token (the old one ends with the old password) and the account. */
  changePassword(password: string, newpassword: string): Promise<{ msg: string; authToken: string; account: Account }>;
}

export function createAccountApi(http: AxiosInstance): AccountApi {
  return {
    me: async () => (await http.post<{ account: Account }>('/api/auth/me', {})).data.account,
    changePassword: async (password, newpassword) => (await http.post('/api/auth/changepassword', { password, newpassword })).data,
  };
}
