-- A webhook's last delivery is read from its latest attempt in entrega_tentativa_view (through
-- entrega_tentativa_view_webhook_idx), no longer kept on its row: updated per batch of attempts, it cost a statement
-- and a notification per webhook per batch under a fan-out. The column stays while nodes of the previous version
-- may still write it; nothing reads it.
COMMENT ON COLUMN webhook_view.ultima_entrega IS
    'Not read since V30: the last delivery is max(enviado_em) of the webhook''s rows in entrega_tentativa_view.';
