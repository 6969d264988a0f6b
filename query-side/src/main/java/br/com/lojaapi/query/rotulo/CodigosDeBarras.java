package br.com.lojaapi.query.rotulo;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.EncodeHintType;
import com.google.zxing.LuminanceSource;
import com.google.zxing.PlanarYUVLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.Result;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.oned.Code128Writer;
import com.google.zxing.qrcode.QRCodeReader;
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

    /** Pixels per module and quiet-zone modules of the picture a QR code is read back from before it is drawn. */
    private static final int PIXELS_POR_MODULO = 4;
    private static final int SILENCIO = 4;

    /**
     * The QR code of the link, one bit per module, without the quiet zone. UTF-8 is declared only for links that
     * need it, because the ECI header it adds confuses some older phone readers.
     * <p>
     * The code is read back before it is used: for about 1 link in 300 the mask with the lowest penalty, which
     * the encoder picks, makes a matrix that ZXing's own detector (the one inside many phone scanners) samples
     * wrongly even when drawn perfectly (a checksum error at every scale). Then the first of the eight masks that
     * reads back is used instead; any mask gives a valid code of the same content.
     */
    static BitMatrix qr(String link, ErrorCorrectionLevel nivel) {
        BitMatrix escolhida = qr(link, nivel, null);
        if (seLe(escolhida, link)) {
            return escolhida;
        }
        for (int mascara = 0; mascara < 8; mascara++) {
            BitMatrix outra = qr(link, nivel, mascara);
            if (seLe(outra, link)) {
                return outra;
            }
        }
        return escolhida;
    }

    private static BitMatrix qr(String link, ErrorCorrectionLevel nivel, Integer mascara) {
        Map<EncodeHintType, Object> dicas = new EnumMap<>(EncodeHintType.class);
        dicas.put(EncodeHintType.ERROR_CORRECTION, nivel);
        dicas.put(EncodeHintType.MARGIN, 0);
        if (mascara != null) {
            dicas.put(EncodeHintType.QR_MASK_PATTERN, mascara);
        }
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(link)) {
            dicas.put(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name());
        }
        try {
            return new QRCodeWriter().encode(link, BarcodeFormat.QR_CODE, 0, 0, dicas);
        } catch (WriterException e) {
            throw new IllegalArgumentException("o link é longo demais para um QR code", e);
        }
    }

    /** Whether ZXing's detector reads the link from the matrix drawn in black on white with its quiet zone. */
    static boolean seLe(BitMatrix matriz, String link) {
        int lado = (matriz.getWidth() + 2 * SILENCIO) * PIXELS_POR_MODULO;
        byte[] cinza = new byte[lado * lado];
        for (int y = 0; y < lado; y++) {
            for (int x = 0; x < lado; x++) {
                int coluna = x / PIXELS_POR_MODULO - SILENCIO;
                int linha = y / PIXELS_POR_MODULO - SILENCIO;
                boolean escuro = coluna >= 0 && linha >= 0 && coluna < matriz.getWidth() && linha < matriz.getHeight()
                        && matriz.get(coluna, linha);
                cinza[y * lado + x] = (byte) (escuro ? 0 : 255);
            }
        }
        LuminanceSource fonte = new PlanarYUVLuminanceSource(cinza, lado, lado, 0, 0, lado, lado, false);
        try {
            Result lido = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(fonte)),
                    Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE));
            return link.equals(lido.getText());
        } catch (ReaderException e) {
            return false;
        }
    }
}
