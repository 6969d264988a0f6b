package br.com.lojaapi.coreapi.comum;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class DocumentosTest {

    @ParameterizedTest
    @ValueSource(strings = {"12.ABC.345/01DE-35", "11.222.333/0001-81", "00.000.000/0001-91", "12abc34501de35"})
    void aceitaCnpjNumericoEAlfanumericoComDigitosCertos(String cnpj) {
        assertThat(Documentos.cnpjValido(Documentos.normalizar(cnpj))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"12.ABC.345/01DE-36", "11.222.333/0001-82", "11111111111111", "12ABC34501D", "12ABC34501DEAB", ""})
    void recusaCnpjComDigitoErradoOuFormatoInvalido(String cnpj) {
        assertThat(Documentos.cnpjValido(Documentos.normalizar(cnpj))).isFalse();
    }

    @Test
    void validaCpfPelosDoisDigitos() {
        assertThat(Documentos.cpfValido(Documentos.normalizar("390.533.447-05"))).isTrue();
        assertThat(Documentos.cpfValido(Documentos.normalizar("231.002.999-00"))).isFalse();
        assertThat(Documentos.cpfValido("11111111111")).isFalse();
    }

    @Test
    void normalizarTiraPontuacaoEPoeMaiusculas() {
        assertThat(Documentos.normalizar(" 12.abc.345/01de-35 ")).isEqualTo("12ABC34501DE35");
        assertThat(Documentos.normalizar(null)).isNull();
    }
}
