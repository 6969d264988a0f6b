package br.com.lojaapi.gateway.webhook;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import java.util.List;

@Schema(name = CorpoDeWebhook.ESQUEMA)
record CorpoDeWebhook(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "ERP", maxLength = 200)
        @NotBlank(message = "Informe o nome do webhook (texto não vazio)")
        @Size(max = 200, message = "nome: no máximo 200 caracteres")
        String nome,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "uri", maxLength = 2000,
                example = "https://erp.example.com/webhooks/loja",
                description = """
                        http ou https, que uma entrega alcance: o nome precisa resolver no DNS; endereços de \
                        loopback, rede privada, link-local e metadados de nuvem são recusados, e um IPv4 só na \
                        forma a.b.c.d""")
        @NotBlank(message = "Informe a url do webhook (http ou https)")
        @Size(max = 2000, message = "url: no máximo 2000 caracteres")
        String url,
        // the kinds a subscription may name are listed by DescricaoDosWebhooks, from the catalogue
        @ArraySchema(arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "Tipos de evento assinados (ao menos um)"))
        @NotEmpty(message = "Informe eventos: a lista de tipos de evento assinados (ao menos um)")
        List<String> eventos) {

    static final String ESQUEMA = "NovoWebhook";
}
