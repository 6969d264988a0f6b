package br.com.lojaapi.apoio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.http.HttpHeaders;

/** What a client sees of one HTTP exchange. */
public record Resposta(int status, HttpHeaders cabecalhos, String corpo) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public JsonNode json() {
        try {
            return JSON.readTree(corpo);
        } catch (Exception e) {
            throw new AssertionError("corpo não é JSON: " + corpo, e);
        }
    }

    public String texto(String campo) {
        JsonNode valor = json().get(campo);
        return valor == null || valor.isNull() ? null : valor.asText();
    }

    public String cabecalho(String nome) {
        return cabecalhos.firstValue(nome).orElse(null);
    }

    @Override
    public String toString() {
        return status + " " + corpo;
    }
}
