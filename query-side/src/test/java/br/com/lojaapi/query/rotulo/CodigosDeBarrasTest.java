package br.com.lojaapi.query.rotulo;

import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The QR codes a label carries are read back by ZXing's detector, whatever the link. */
class CodigosDeBarrasTest {

    /** A store's order page whose QR code, with the mask the encoder prefers, ZXing's detector cannot read. */
    static final String LINK_DIFICIL =
            "https://loja-086b4670-0938.lojas.example.com/pedido/6b506f0f-fdbc-44d5-8cbb-d3b3cfa173c0";

    @Test
    void oQrDeUmLinkQueAMascaraPreferidaEstragaSaiComOutraMascaraELegivel() {
        BitMatrix matriz = CodigosDeBarras.qr(LINK_DIFICIL, ErrorCorrectionLevel.M);

        assertThat(CodigosDeBarras.seLe(matriz, LINK_DIFICIL)).isTrue();
    }

    @Test
    void oQrDeQualquerPaginaDePedidoSeLe() {
        Random sorteio = new Random(20261126);
        for (int i = 0; i < 1000; i++) {
            String link = "https://loja-" + new UUID(sorteio.nextLong(), sorteio.nextLong()).toString().substring(0, 13)
                    + ".lojas.example.com/pedido/" + new UUID(sorteio.nextLong(), sorteio.nextLong());
            assertThat(CodigosDeBarras.seLe(CodigosDeBarras.qr(link, ErrorCorrectionLevel.M), link)).as(link).isTrue();
        }
    }
}
