package br.com.lojaapi.cliente;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** POST /clientes (upsert by document) and GET /clientes/{id}. */
class ClienteApiTest extends TesteDeApi {

    static final String CPF = "39053344705";

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void criarDevolve201ComOClienteNormalizadoLocationEOEventoGravado() {
        LojaDeTeste loja = novaLoja();

        Resposta criado = gravar(loja, """
                {"nome":" Maria Souza ","documento":"390.533.447-05","email":"maria@exemplo.com.br",
                 "telefone":"(11) 3333-4444","celular":"(11) 99999-8888","cep":"01310-100","endereco":"Av. Paulista",
                 "numero":"1000","bairro":"Bela Vista","cidade":"São Paulo","uf":"sp"}""");

        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        JsonNode c = criado.json();
        String id = c.get("id").asText();
        assertThat(criado.cabecalho("Location")).isEqualTo("/v1/clientes/" + id);
        assertThat(c.get("nome").asText()).isEqualTo("Maria Souza");
        assertThat(c.get("documento").asText()).isEqualTo(CPF);
        assertThat(c.get("tipoDocumento").asText()).isEqualTo("CPF");
        assertThat(c.get("cep").asText()).isEqualTo("01310100");
        assertThat(c.get("uf").asText()).isEqualTo("SP");
        assertThat(c.get("celular").asText()).isEqualTo("(11) 99999-8888");
        assertThat(c.get("versao").asLong()).isZero();
        assertThat(c.get("criadoEm").asText()).isEqualTo(c.get("atualizadoEm").asText()).endsWith("Z");
        assertThat(c.fieldNames()).toIterable().containsExactly("id", "nome", "documento", "tipoDocumento", "email",
                "telefone", "celular", "cep", "endereco", "numero", "bairro", "cidade", "uf", "criadoEm",
                "atualizadoEm", "versao");
        assertThat(api.get("/v1/clientes/" + id).token(loja.token()).enviar().json()).isEqualTo(c);
        assertThat(eventos(id)).containsExactly("ClienteCriadoEvent");
    }

    @Test
    void mesmoDocumentoComOutraPontuacaoAtualizaOMesmoClienteSoNosCamposEnviados() {
        LojaDeTeste loja = novaLoja();
        JsonNode criado = gravar(loja, "{\"nome\":\"Ana\",\"documento\":\"11222333000181\",\"email\":\"ana@x.com\","
                + "\"cidade\":\"Recife\",\"uf\":\"PE\"}").json();

        Resposta atualizado = gravar(loja, "{\"documento\":\"11.222.333/0001-81\",\"celular\":\"81 98888-7777\","
                + "\"tipoDocumento\":\"CNPJ\"}");

        assertThat(atualizado.status()).as(atualizado.toString()).isEqualTo(200);
        assertThat(atualizado.cabecalho("Location")).isNull();
        JsonNode c = atualizado.json();
        assertThat(c.get("id").asText()).isEqualTo(criado.get("id").asText());
        assertThat(c.get("nome").asText()).isEqualTo("Ana");
        assertThat(c.get("email").asText()).isEqualTo("ana@x.com");
        assertThat(c.get("cidade").asText()).isEqualTo("Recife");
        assertThat(c.get("celular").asText()).isEqualTo("81 98888-7777");
        assertThat(c.get("tipoDocumento").asText()).isEqualTo("CNPJ");
        assertThat(c.get("versao").asLong()).isEqualTo(1);
        assertThat(c.get("criadoEm").asText()).isEqualTo(criado.get("criadoEm").asText());
        assertThat(eventos(c.get("id").asText())).containsExactly("ClienteCriadoEvent", "ClienteAtualizadoEvent");
        assertThat(listar(loja, "")).hasSize(1);
    }

    @Test
    void nullApagaOCampoEUpsertSemMudancaNaoGeraEvento() {
        LojaDeTeste loja = novaLoja();
        String id = gravar(loja, "{\"nome\":\"Ana\",\"documento\":\"" + CPF + "\",\"email\":\"ana@x.com\","
                + "\"cep\":\"01310100\"}").texto("id");

        Resposta apagado = gravar(loja, "{\"documento\":\"" + CPF + "\",\"email\":null,\"cep\":\"\"}");
        Resposta igual = gravar(loja, "{\"documento\":\"" + CPF + "\",\"nome\":\"Ana\"}");

        assertThat(apagado.status()).isEqualTo(200);
        assertThat(apagado.json().get("email").isNull()).isTrue();
        assertThat(apagado.json().get("cep").isNull()).isTrue();
        assertThat(apagado.json().get("nome").asText()).isEqualTo("Ana");
        assertThat(igual.status()).isEqualTo(200);
        assertThat(igual.json().get("versao").asLong()).isEqualTo(1);
        assertThat(eventos(id)).containsExactly("ClienteCriadoEvent", "ClienteAtualizadoEvent");
    }

    @Test
    void nomeNaoPodeSerApagadoNemDocumentoOmitido() {
        LojaDeTeste loja = novaLoja();
        gravar(loja, "{\"nome\":\"Ana\",\"documento\":\"" + CPF + "\"}");

        assertErro(gravar(loja, "{\"documento\":\"" + CPF + "\",\"nome\":null}"), "nome não pode ser null");
        assertErro(gravar(loja, "{\"documento\":\"" + CPF + "\",\"nome\":\"  \"}"), "nome não pode ser vazio");
        assertErro(gravar(loja, "{\"nome\":\"Ana\"}"), "documento é obrigatório");
        assertThat(listar(loja, "").get(0).get("versao").asLong()).isZero();
    }

    @Test
    void documentosValidosDeCadaTipo() {
        LojaDeTeste loja = novaLoja();

        JsonNode cpf = gravar(loja, "{\"nome\":\"A\",\"documento\":\"123.456.789-09\",\"tipoDocumento\":\"CPF\"}").json();
        JsonNode cnpj = gravar(loja, "{\"nome\":\"B\",\"documento\":\"00.000.000/0001-91\"}").json();
        Resposta alfanumerico = gravar(loja, "{\"nome\":\"C\",\"documento\":\"12.abc.345/01de-35\"}");

        assertThat(cpf.get("documento").asText()).isEqualTo("12345678909");
        assertThat(cnpj.get("documento").asText()).isEqualTo("00000000000191");
        assertThat(cnpj.get("tipoDocumento").asText()).isEqualTo("CNPJ");
        assertThat(alfanumerico.status()).isEqualTo(201);
        assertThat(alfanumerico.texto("documento")).isEqualTo("12ABC34501DE35");
        assertThat(alfanumerico.texto("tipoDocumento")).isEqualTo("CNPJ");
        assertThat(gravar(loja, "{\"documento\":\"12ABC34501DE35\",\"nome\":\"C2\"}").status()).isEqualTo(200);
    }

    @Test
    void camposInvalidosDao400NomeandoOCampoENadaEGravado() {
        LojaDeTeste loja = novaLoja();

        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":\"390.533.447-06\"}"), "documento: CPF inválido");
        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":\"11.222.333/0001-82\"}"), "documento: CNPJ inválido");
        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":\"12ABC34501DE36\"}"), "documento: CNPJ inválido");
        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":\"123\"}"), "documento deve ser um CPF");
        assertErro(gravar(loja, "{\"documento\":\"" + CPF + "\"}"), "nome é obrigatório");
        assertErro(gravar(loja, "{\"nome\":\"A\"}"), "documento é obrigatório");
        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":null}"), "documento é obrigatório");
        // a valid name and CPF, then one field that is not: the error names it
        Map<String, String> campos = new LinkedHashMap<>();
        campos.put("\"tipoDocumento\":\"CNPJ\"", "tipoDocumento CNPJ não corresponde ao documento, que é um CPF");
        campos.put("\"tipoDocumento\":\"RG\"", "tipoDocumento deve ser CPF ou CNPJ");
        campos.put("\"email\":\"a.exemplo.com\"", "email inválido");
        campos.put("\"email\":\"a b@exemplo.com\"", "email inválido");
        campos.put("\"uf\":\"SPX\"", "uf deve ter duas letras");
        campos.put("\"uf\":\"S1\"", "uf deve ter duas letras");
        campos.put("\"cep\":\"0131-0100x\"", "cep deve ter 8 dígitos");
        campos.forEach((campo, erro) ->
                assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":\"" + CPF + "\"," + campo + "}"), erro));
        assertErro(gravar(loja, "{\"nome\":\"" + "x".repeat(201) + "\",\"documento\":\"" + CPF + "\"}"),
                "nome: no máximo 200 caracteres");
        assertErro(gravar(loja, "{\"nome\":\"A\",\"documento\":" + CPF + "}"), "Campo 'documento'");
        assertThat(gravar(loja, "null").status()).isEqualTo(400);
        assertThat(gravar(loja, "[]").status()).isEqualTo(400);
        assertThat(listar(loja, "")).isEmpty();
    }

    @Test
    void atualizacaoInvalidaNaoMudaNada() {
        LojaDeTeste loja = novaLoja();
        gravar(loja, "{\"nome\":\"Ana\",\"documento\":\"" + CPF + "\",\"uf\":\"PE\"}");

        assertErro(gravar(loja, "{\"documento\":\"" + CPF + "\",\"nome\":\"Outra\",\"uf\":\"Pernambuco\"}"),
                "uf deve ter duas letras");

        JsonNode depois = listar(loja, "").get(0);
        assertThat(depois.get("nome").asText()).isEqualTo("Ana");
        assertThat(depois.get("uf").asText()).isEqualTo("PE");
        assertThat(depois.get("versao").asLong()).isZero();
    }

    @Test
    void lerDa404ParaIdDesconhecidoMalformadoOuDeOutroTipo() {
        LojaDeTeste loja = novaLoja();

        assertErro(api.get("/v1/clientes/5b6c1d0e-0000-4000-8000-000000000000").token(loja.token()).enviar(), 404,
                "Cliente não encontrado");
        assertErro(api.get("/v1/clientes/x").token(loja.token()).enviar(), 404, "Cliente não encontrado");
        String categoria = novaCategoria(loja, "Não é cliente");
        assertErro(api.get("/v1/clientes/" + categoria).token(loja.token()).enviar(), 404, "Cliente não encontrado");
    }

    @Test
    void descricaoOpenApiTemOsEndpointsDeClientes() {
        JsonNode descricao = api.get("/v1/openapi.json").enviar().json();
        JsonNode caminhos = descricao.get("paths");

        assertThat(caminhos.at("/~1clientes/get/responses").fieldNames()).toIterable().contains("200", "400", "401");
        assertThat(caminhos.at("/~1clientes/post/responses").fieldNames()).toIterable()
                .contains("200", "201", "400", "401");
        assertThat(caminhos.at("/~1clientes~1{id}/get/responses").fieldNames()).toIterable().contains("200", "404");
        assertThat(caminhos.at("/~1clientes/get/description").asText()).contains("nome");
        assertThat(descricao.at("/components/schemas/Cliente/properties").fieldNames()).toIterable()
                .contains("documento", "tipoDocumento", "versao");
        assertThat(descricao.at("/components/schemas/ListaDeClientes/properties/paginacao/$ref").asText())
                .endsWith("/Paginacao");
    }

    private List<String> eventos(String clienteId) {
        List<String> tipos = new ArrayList<>();
        for (String tipo : jdbc.queryForList("SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " ORDER BY sequence_number", String.class, clienteId)) {
            tipos.add(tipo.substring(tipo.lastIndexOf('.') + 1));
        }
        return tipos;
    }

    private Resposta gravar(LojaDeTeste loja, String json) {
        return api.post("/v1/clientes").token(loja.token()).json(json).enviar();
    }

    private JsonNode listar(LojaDeTeste loja, String consulta) {
        Resposta lista = api.get("/v1/clientes" + consulta).token(loja.token()).enviar();
        assertThat(lista.status()).as(lista.toString()).isEqualTo(200);
        return lista.json().get("clientes");
    }

    private static void assertErro(Resposta resposta, String trecho) {
        assertErro(resposta, 400, trecho);
    }

    private static void assertErro(Resposta resposta, int status, String trecho) {
        assertThat(resposta.status()).as(resposta.toString()).isEqualTo(status);
        assertThat(resposta.json().get("erro").asText()).contains(trecho);
    }
}
