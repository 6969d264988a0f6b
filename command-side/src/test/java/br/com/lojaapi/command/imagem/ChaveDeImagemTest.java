package br.com.lojaapi.command.imagem;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Only "{store id}/{sha-256}.{ext}" names an image; anything else never reaches the object store. */
class ChaveDeImagemTest {

    private static final String LOJA = "5b6c1d0e-0000-4000-8000-000000000000";
    private static final String HASH = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    @ParameterizedTest
    @ValueSource(strings = {LOJA + "/" + HASH + ".png", LOJA + "/" + HASH + ".webp", LOJA + "/" + HASH + ".jpg"})
    void aceitaChavesDoServico(String chave) {
        assertThat(ImagensDeProduto.valida(chave)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../etc/passwd", LOJA + "/../" + HASH + ".png", LOJA + "/" + HASH + ".png/x",
            "x/" + HASH + ".png", LOJA + "/" + HASH + ".exe", LOJA + "/" + HASH, "/" + HASH + ".png", "",
            LOJA + "/0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef.png",
            LOJA + "/" + HASH + "0.png", LOJA + "/.." + HASH + ".png"})
    void recusaTodoOResto(String chave) {
        assertThat(ImagensDeProduto.valida(chave)).isFalse();
    }
}
