package br.com.lojaapi.query.rotulo;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.oned.Code128Writer;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/** The barcodes of a label as modules, so each renderer draws them at a whole number of printer dots. */
final class CodigosDeBarras {

    private CodigosDeBarras() {
    }

    /** The bars and spaces of the order number, one entry per module, without quiet zones. */
    static boolean[] code128(long numero) {
        return new Code128Writer().encode(Long.toString(numero));
    }

    /**
     * The QR code of the link, one bit per module, without the quiet zone. UTF-8 is declared only for links that
     * need it, because the ECI header it adds confuses some older phone readers.
     */
    static BitMatrix qr(String link, ErrorCorrectionLevel nivel) {
        Map<EncodeHintType, Object> dicas = new EnumMap<>(EncodeHintType.class);
        dicas.put(EncodeHintType.ERROR_CORRECTION, nivel);
        dicas.put(EncodeHintType.MARGIN, 0);
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(link)) {
            dicas.put(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name());
        }
        try {
            return new QRCodeWriter().encode(link, BarcodeFormat.QR_CODE, 0, 0, dicas);
        } catch (WriterException e) {
            throw new IllegalArgumentException("o link é longo demais para um QR code", e);
        }
    }
}
