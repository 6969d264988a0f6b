package br.com.lojaapi.command.armazenamento;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InstanteIsoTest {

    private final ObjectMapper mapper = JsonMapper.builder().addModule(new JavaTimeModule())
                                                  .addModule(InstanteIso.modulo(InstantDeserializer.INSTANT)).build();
    private final ObjectMapper geral = JsonMapper.builder().addModule(new JavaTimeModule()).build();

    /** Whatever Instant.toString writes, from year 0 to 9999 and every fraction length, reads back as Instant.parse. */
    @Test
    void leOQueInstantToStringEscreveComoInstantParse() {
        SplittableRandom aleatorio = new SplittableRandom(21);
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 200_000; i++) {
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> aleatorio.nextInt(1000) * 1_000_000;
                case 2 -> aleatorio.nextInt(1_000_000) * 1000;
                default -> aleatorio.nextInt(1_000_000_000);
            };
            Instant instante = Instant.ofEpochSecond(aleatorio.nextLong(min, max + 1), nanos);
            String texto = instante.toString();
            assertThat(InstanteIso.ler(texto)).as(texto).isEqualTo(Instant.parse(texto));
        }
    }

    @Test
    void fracoesDeQualquerTamanhoEBordasDoCalendario() {
        for (String texto : List.of("2026-11-26T12:00:00Z", "2026-11-26T12:00:00.1Z", "2026-11-26T12:00:00.12Z",
                "2026-11-26T12:00:00.1234Z", "2026-11-26T12:00:00.12345678Z", "2026-11-26T12:00:00.123456789Z",
                "2024-02-29T23:59:59.999999999Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.5Z",
                "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z")) {
            assertThat(InstanteIso.ler(texto)).as(texto).isEqualTo(Instant.parse(texto));
        }
    }

    /** What it does not read itself goes to the general parser, which accepts or refuses it as before. */
    @Test
    void oQueNaoEDaFormaDoToStringFicaComOLeitorGeral() throws Exception {
        for (String texto : List.of("2026-11-26T12:00Z", "2026-11-26T24:00:00Z", "2026-02-30T12:00:00Z",
                "2026-13-01T12:00:00Z", "2026-11-26T12:00:60Z", "2026-11-26T12:00:00.Z", "2026-11-26T12:00:00.1234567890Z",
                "2026-11-26t12:00:00Z", "+12026-11-26T12:00:00Z", "2026-11-26T12:00:00+01:00", "2O26-11-26T12:00:00Z",
                "2026-11-26T12:00:00.12a4Z")) {
            assertThat(InstanteIso.ler(texto)).as(texto).isNull();
        }
        for (String json : List.of("\"2026-11-26T12:00:60Z\"", "\"2026-02-30T12:00:00Z\"", "\"2026-11-26T12:00Z\"",
                "\"2026-11-26T12:00:00+01:00\"", "1764158400.5", "1764158400")) {
            assertThat(lido(mapper, json)).as(json).isEqualTo(lido(geral, json));
        }
        assertThatThrownBy(() -> mapper.readValue("\"2026-02-30T12:00:00Z\"", Instant.class))
                .isInstanceOf(InvalidFormatException.class);
    }

    /** The instant read, or the class of the refusal. */
    private static Object lido(ObjectMapper leitor, String json) {
        try {
            return leitor.readValue(json, Instant.class);
        } catch (Exception e) {
            return e.getClass();
        }
    }

    @Test
    void numEventoComoOMapperLe() throws Exception {
        record Evento(String id, Instant em, List<Instant> outros) {
        }
        Evento evento = new Evento("x", Instant.parse("2026-11-26T12:00:00.123456Z"),
                List.of(Instant.parse("2026-01-01T00:00:00Z")));
        String json = "{\"id\":\"x\",\"em\":\"2026-11-26T12:00:00.123456Z\",\"outros\":[\"2026-01-01T00:00:00Z\"]}";
        assertThat(mapper.readValue(json, Evento.class)).isEqualTo(evento);
    }
}
