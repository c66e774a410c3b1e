export const transport = undefined;
