package br.com.lojaapi.gateway.erro;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.Temporal;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The words of a 400 for input that could not be read as the handler's types: where in the JSON body it failed
 * and what was expected there, in the client's terms (a field path, "um número inteiro"), never Jackson's.
 */
final class MensagensDeJson {

    private MensagensDeJson() {
    }

    /**
     * Batches answer {@code {erro, indice}}: a malformed element of a top-level {@code movimentos} list (the stock
     * batch) is named by its position like any other failing element.
     */
    static Map<String, Object> indiceDoLote(Throwable causa) {
        if (causa instanceof JsonMappingException mapeamento && mapeamento.getPath().size() >= 2
                && "movimentos".equals(mapeamento.getPath().get(0).getFieldName())
                && mapeamento.getPath().get(1).getIndex() >= 0) {
            return Map.of("indice", mapeamento.getPath().get(1).getIndex());
        }
        return Map.of();
    }

    /** What a client must fix in a JSON body Jackson could not read ({@code causa}: Jackson's failure, or none). */
    static String mensagem(Throwable causa) {
        if (causa == null) {
            return "Envie um corpo JSON";
        }
        if (causa instanceof JsonParseException parse) {
            var local = parse.getLocation();
            return "JSON malformado" + (local == null ? "" : " (linha " + local.getLineNr() + ", coluna "
                    + local.getColumnNr() + ")") + ": confira aspas, vírgulas, chaves e colchetes";
        }
        if (causa instanceof InvalidFormatException formato && formato.getTargetType() == String.class) {
            return "Campo '" + caminho(formato) + "' inválido: " + formato.getOriginalMessage();
        }
        if (causa instanceof InputCoercionException) {
            return "Número fora do intervalo permitido";
        }
        if (causa instanceof MismatchedInputException entrada) {
            String campo = caminho(entrada);
            if (campo.isEmpty()) {
                return "O corpo deve ser " + tipo(entrada.getTargetType());
            }
            return "Campo '" + campo + "' inválido: esperado " + tipo(entrada.getTargetType());
        }
        if (causa instanceof JsonMappingException mapeamento && !caminho(mapeamento).isEmpty()) {
            return mapeamento.getCause() instanceof InputCoercionException
                    ? "Campo '" + caminho(mapeamento) + "' inválido: número fora do intervalo permitido"
                    : "Campo '" + caminho(mapeamento) + "' inválido";
        }
        return "Corpo JSON inválido";
    }

    private static String caminho(JsonMappingException erro) {
        StringBuilder caminho = new StringBuilder();
        for (JsonMappingException.Reference referencia : erro.getPath()) {
            if (referencia.getFieldName() != null) {
                if (!caminho.isEmpty()) {
                    caminho.append('.');
                }
                caminho.append(referencia.getFieldName());
            } else if (referencia.getIndex() >= 0) {
                caminho.append('[').append(referencia.getIndex()).append(']');
            }
        }
        return caminho.toString();
    }

    static String tipo(Class<?> tipo) {
        if (tipo == null) {
            return "um valor válido";
        }
        if (tipo == Integer.class || tipo == int.class || tipo == Long.class || tipo == long.class
                || tipo == Short.class || tipo == short.class || tipo == BigInteger.class) {
            return "um número inteiro";
        }
        if (Number.class.isAssignableFrom(tipo) || tipo == double.class || tipo == float.class
                || tipo == BigDecimal.class) {
            return "um número";
        }
        if (tipo == Boolean.class || tipo == boolean.class) {
            return "true ou false";
        }
        if (tipo == String.class) {
            return "um texto";
        }
        if (tipo.isArray() || Collection.class.isAssignableFrom(tipo)) {
            return "uma lista";
        }
        if (Temporal.class.isAssignableFrom(tipo)) {
            return "uma data e hora ISO-8601, como 2026-11-21T10:00:00Z";
        }
        if (tipo.isEnum()) {
            return "um destes valores: " + Arrays.stream(tipo.getEnumConstants()).map(Object::toString)
                                                 .collect(Collectors.joining(", "));
        }
        return "um objeto JSON";
    }
}
