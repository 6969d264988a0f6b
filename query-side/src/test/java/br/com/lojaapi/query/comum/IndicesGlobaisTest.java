package br.com.lojaapi.query.comum;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An index the event storage reported is answered from memory; without a database, any other one fails. */
class IndicesGlobaisTest {

    private final IndicesGlobais indices = new IndicesGlobais(null);

    @Test
    void oIndiceAnotadoNaLeituraDispensaAConsulta() {
        indices.anotar("a", 3, 42);
        indices.anotar("b", 0, 7);

        assertThat(indices.de("a", 3)).isEqualTo(42);
        assertThat(indices.de("b", 0)).isEqualTo(7);
    }

    @Test
    void oQueNaoFoiAnotadoVaiAoBanco() {
        indices.anotar("a", 3, 42);

        assertThatThrownBy(() -> indices.de("a", 4)).isInstanceOf(NullPointerException.class);
    }
}
