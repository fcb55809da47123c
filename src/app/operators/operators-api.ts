import type { AxiosInstance } from 'axios';

export interface OperatorRow {
  email: string;
  role: string;
  units: string[] | null;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface OperatorsList {
  operators: OperatorRow[];
  roles: { name: string; label: string; description: string }[];
  units: { slug: string; label: string }[];
}

export interface NewOperator {
  email: string;
  role: string;
  units: string[] | null;
  password: string;
}

/** Issue 45: the Operators screen's calls (owners only; the server refuses anyone else). Each change answers its msg. */
export interface OperatorsApi {
  list(): Promise<OperatorsList>;
  add(operator: NewOperator): Promise<string>;
  update(email: string, change: Partial<Pick<OperatorRow, 'role' | 'units' | 'disabled'>>): Promise<string>;
  resetPassword(email: string, password: string): Promise<string>;
}

export function createOperatorsApi(http: AxiosInstance): OperatorsApi {
  const post = async <T>(path: string, body: object) => (await http.post<T>(path, body)).data;
  return {
    list: () => post<OperatorsList>('/api/common/getoperators', {}),
    add: async (operator) => (await post<{ msg: string }>('/api/common/addoperator', operator)).msg,
    update: async (email, change) => (await post<{ msg: string }>('/api/common/updateoperator', { email, ...change })).msg,
    resetPassword: async (email, password) => (await post<{ msg: string }>('/api/common/resetoperatorpassword', { email, password })).msg,
  };
}
