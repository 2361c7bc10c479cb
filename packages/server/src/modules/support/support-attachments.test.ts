import { apiPath, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_PATHS, type SupportMessage } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { PNG, useSupportSuite } from '../../testing/support.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';

// Attachments: recognised by content, size-limited, served only to their visitor and to operators.
describe.each(testDatabasesAndStorage())('support chat attachments on $name, $storage', (backend) => {
  const suite = useSupportSuite(backend);
  const { newVisitor, my } = suite;

  it('takes images and PDFs by content, refuses other content and anything over 5 MiB, and serves them only to their visitor and operators', async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    const res = await suite.attach({ visitor: alice }, [
      { name: 'text', value: 'see the screenshot' },
      {
        name: 'file',
        value: PNG,
        filename: '../../Скрин\u202Egnp.exe.PNG',
        contentType: 'application/x-evil',
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as SupportMessage;
    expect(message.text).toBe('see the screenshot');
    expect(message.attachment).toMatchObject({
      name: 'Скринgnp.exe.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    const attachmentId = String(message.attachment?.id);

    const download = await my(
      { visitor: alice },
      'GET',
      apiPath(SUPPORT_PATHS.myAttachment, { attachmentId }),
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const foreign = await my({ visitor: bob }, 'GET', apiPath(SUPPORT_PATHS.myAttachment, { attachmentId }));
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const op = await suite.operator();
    const byOperator = await suite.request(
      op,
      'GET',
      apiPath(SUPPORT_PATHS.inboxAttachment, { id: String(message.conversationId), attachmentId }),
    );
    expect([byOperator.statusCode, byOperator.headers['content-type']]).toEqual([200, 'image/png']);
    const wrongConversation = await suite.request(
      op,
      'GET',
      apiPath(SUPPORT_PATHS.inboxAttachment, { id: String(message.conversationId + 1), attachmentId }),
    );
    expect(wrongConversation.statusCode).toBe(404);

    const renamed = await suite.attach({ visitor: alice }, [
      {
        name: 'file',
        value: Buffer.from('just some text, honestly'),
        filename: 'photo.png',
        contentType: 'image/png',
      },
    ]);
    expect([renamed.statusCode, renamed.json().code]).toEqual([415, 'SUPPORT_ATTACHMENT_TYPE']);
    const big = Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES + 1);
    PNG.copy(big);
    const tooLarge = await suite.attach({ visitor: alice }, [
      { name: 'file', value: big, filename: 'big.png' },
    ]);
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'SUPPORT_ATTACHMENT_TOO_LARGE']);
    const exact = await suite.attach({ visitor: alice }, [
      { name: 'file', value: big.subarray(0, SUPPORT_ATTACHMENT_MAX_BYTES), filename: 'edge.png' },
    ]);
    expect(exact.statusCode, exact.body).toBe(201);
    const noFile = await suite.attach({ visitor: alice }, [{ name: 'text', value: 'only text' }]);
    expect([noFile.statusCode, noFile.json().code]).toEqual([400, 'MULTIPART_INVALID']);
    const anonymous = await suite.attach({}, [{ name: 'file', value: PNG, filename: 'a.png' }]);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    // Refused uploads leave no rows behind (and their blobs were deleted).
    expect(await suite.db().selectFrom('support_attachments').select('id').execute()).toHaveLength(2);
  });
});
