package br.com.lojaapi.gateway.web;

import br.com.lojaapi.coreapi.comum.CodigoErro;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The If-Match grammar of RFC 9110 and the agreed tag format {@code "<versao>"} / {@code "<versao>-<hash>"}. */
class PreCondicaoTest {

    private static PreCondicao de(String... linhas) {
        return PreCondicao.de(List.of(linhas));
    }

    @Test
    void semCabecalhoOuComAsteriscoNadaEComparado() {
        assertThat(PreCondicao.de(null).versaoEsperada()).isNull();
        assertThat(PreCondicao.de(List.of()).versaoEsperada()).isNull();
        assertThat(de("*").versaoEsperada()).isNull();
        assertThat(de(" * ").versaoEsperada()).isNull();
    }

    @Test
    void listaDeTagsFortesDaAsVersoesAntesDoPrimeiroHifen() {
        assertThat(de("\"3\"").versaoEsperada().versoes()).containsExactly(3L);
        assertThat(de("\"7\", W/\"2\" ,\"12-ab-cd\"", "\"0\"").versaoEsperada().versoes())
                .containsExactlyInAnyOrder(7L, 12L, 0L);
    }

    @Test
    void tagsQueNaoSaoVersoesNuncaConferem() {
        // weak, a list tag, leading zeros, a sign, too large, someone else's format: valid syntax, no match
        for (String tag : List.of("W/\"3\"", "\"l-9f86\"", "\"03\"", "\"-3\"", "\"+3\"", "\"1234567890123456789\"",
                "\"a,b\"", "\"\"", "\"3\u00e9\"")) {
            assertThat(de(tag).versaoEsperada().versoes()).as(tag).isEmpty();
            assertThat(de(tag).versaoEsperada().aceita(3)).as(tag).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "\"3", "3\"", "*, \"3\"", "W/3", "w/\"3\"", "\"3\" \"4\"", "\"3\";\"4\"", "", " , ",
            "\"a\"b\"", "\"3\"x"})
    void malformadoE400(String valor) {
        assertThatThrownBy(() -> de(valor)).isInstanceOfSatisfying(ErroDeNegocio.class, erro -> {
            assertThat(erro.codigo()).isEqualTo(CodigoErro.INVALIDO);
            assertThat(erro.getMessage()).startsWith("If-Match");
        });
    }

    @Test
    void recusaAntecipadaSoParaTagCertamenteVelha() {
        de("\"2\"", "\"4\"").recusarSeVelha(4);
        de("\"5\"").recusarSeVelha(4); // ahead of the read model: the aggregate decides
        de("*").recusarSeVelha(4);
        PreCondicao.NENHUMA.recusarSeVelha(4);
        assertThatThrownBy(() -> de("\"2\", \"3\"").recusarSeVelha(4)).isInstanceOfSatisfying(ErroDeNegocio.class,
                erro -> assertThat(erro.codigo()).isEqualTo(CodigoErro.VERSAO_DIVERGENTE));
        assertThatThrownBy(() -> de("W/\"4\"").recusarSeVelha(4)).isInstanceOf(ErroDeNegocio.class);
    }
}
