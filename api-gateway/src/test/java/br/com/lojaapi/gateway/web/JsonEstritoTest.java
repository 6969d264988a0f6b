package br.com.lojaapi.gateway.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The request ObjectMapper: no string stands for a missing number, boolean, enum or date. */
class JsonEstritoTest {

    enum Cor { AZUL }

    record Corpo(Optional<BigDecimal> preco, BigDecimal peso, Integer ordem, int minimo, Boolean ativa,
                 boolean destaque, Optional<Boolean> disponivel, Cor cor, Instant quando, LocalDate dia,
                 Long total, Double fator, List<Integer> lista, String nome) {
    }

    record Opcionais(Optional<BigDecimal> preco, BigDecimal peso, Optional<Boolean> disponivel, Cor cor,
                     Instant quando, LocalDate dia, String nome) {
    }

    private final ObjectMapper mapper = mapper();

    private static ObjectMapper mapper() {
        Jackson2ObjectMapperBuilder builder = new Jackson2ObjectMapperBuilder();
        new ConfiguracaoWeb().jsonEstrito().customize(builder);
        return builder.build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"preco", "peso", "ordem", "minimo", "ativa", "destaque", "disponivel", "cor", "quando",
            "dia", "total", "fator"})
    void textoVazioEmBrancoOuSoDeNulosNaoEValorDeCampoNaoTextual(String campo) {
        for (String valor : List.of("", " ", "   ", "\\t\\n\\r", "\\u0000", "\\u0000\\u0000", " \\u0000 ")) {
            String json = "{\"" + campo + "\":\"" + valor + "\"}";
            assertThatThrownBy(() -> mapper.readValue(json, Corpo.class))
                    .as(json)
                    .isInstanceOf(MismatchedInputException.class)
                    .satisfies(e -> assertThat(((MismatchedInputException) e).getPath())
                            .extracting(r -> r.getFieldName()).containsExactly(campo));
        }
    }

    @Test
    void elementoEmBrancoDeListaNumericaTambemFalha() {
        assertThatThrownBy(() -> mapper.readValue("{\"lista\":[1,\" \"]}", Corpo.class))
                .isInstanceOf(MismatchedInputException.class);
    }

    @Test
    void valoresDeVerdadeENullContinuamAceitos() throws Exception {
        Opcionais corpo = mapper.readValue("{\"preco\":null,\"peso\":1.5,\"disponivel\":false,"
                + "\"cor\":\"AZUL\",\"quando\":\"2026-01-02T03:04:05Z\",\"dia\":\"2026-01-02\",\"nome\":\"   \"}",
                Opcionais.class);

        assertThat(corpo.preco()).isEmpty();
        assertThat(corpo.peso()).isEqualByComparingTo("1.5");
        assertThat(corpo.disponivel()).contains(false);
        assertThat(corpo.cor()).isEqualTo(Cor.AZUL);
        assertThat(corpo.nome()).isEqualTo("   ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\\ud800", "a\\udfff", "\\udc00\\ud800", "x\\ud83d", "\\ud83d\\ud83d\\ude00"})
    void surrogateSemParEmTextoFalha(String valor) {
        assertThatThrownBy(() -> mapper.readValue("{\"nome\":\"" + valor + "\"}", Opcionais.class))
                .isInstanceOf(InvalidFormatException.class)
                .hasMessageContaining("surrogate");
    }

    @Test
    void parDeSurrogatesEmTextoEAceito() throws Exception {
        assertThat(mapper.readValue("{\"nome\":\"a\\ud83d\\ude00b\"}", Opcionais.class).nome()).isEqualTo("a😀b");
    }
}
