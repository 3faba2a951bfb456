/** The eight bytes every PNG starts with, and an IHDR: enough for a magic-byte check. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
